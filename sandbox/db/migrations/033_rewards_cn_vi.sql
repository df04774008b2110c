-- Missions and point-mall rewards in Simplified Chinese and Vietnamese (issue 40). Empty: the English
-- title is shown (the contract's fallback).
ALTER TABLE missions ADD COLUMN title_cn text NOT NULL DEFAULT '';
ALTER TABLE missions ADD COLUMN title_vi text NOT NULL DEFAULT '';
ALTER TABLE mall_rewards ADD COLUMN title_cn text NOT NULL DEFAULT '';
ALTER TABLE mall_rewards ADD COLUMN title_vi text NOT NULL DEFAULT '';
UPDATE missions SET title_cn = '今日玩 10 局', title_vi = 'Chơi 10 ván hôm nay' WHERE id = 'M-DAILY-ROUNDS';
UPDATE missions SET title_cn = '今日玩 3 局彩票', title_vi = 'Chơi 3 ván xổ số hôm nay' WHERE id = 'M-DAILY-LOTTERY';
UPDATE missions SET title_cn = '本周投注 500.00', title_vi = 'Cược 500,00 trong tuần này' WHERE id = 'M-WEEK-WAGER';
UPDATE missions SET title_cn = '本周赢 5 局', title_vi = 'Thắng 5 ván trong tuần này' WHERE id = 'M-WEEK-WINS';
UPDATE missions SET title_cn = '本周存款 100.00', title_vi = 'Nạp 100,00 trong tuần này' WHERE id = 'M-WEEK-DEPOSIT';
UPDATE mall_rewards SET title_cn = '5.00 现金券', title_vi = 'Phiếu tiền mặt 5,00' WHERE id = 'R-CASH-5';
UPDATE mall_rewards SET title_cn = '20.00 现金券', title_vi = 'Phiếu tiền mặt 20,00' WHERE id = 'R-CASH-20';
UPDATE mall_rewards SET title_cn = '10 次免费旋转', title_vi = '10 lượt quay miễn phí' WHERE id = 'R-SPIN-10';
UPDATE mall_rewards SET title_cn = '游戏耳机', title_vi = 'Tai nghe chơi game' WHERE id = 'R-HEADSET';
