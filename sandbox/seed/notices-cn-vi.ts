import { welcomePromotion, welcomeTermsText } from '../../sdk/contract/all.ts'

/**
 * The seeded notices and banners in Simplified Chinese and Vietnamese (issue 40), beside their English
 * and Spanish in notices.ts: by notice id, and by banner title in English. A notice or banner missing
 * here is shown in English (the contract's fallback).
 * @module
 */

const cn = welcomeTermsText('cn')
const vi = welcomeTermsText('vi')
const code = welcomePromotion.code
const img = (id: string, alt: string) => `<img src="/sandbox/cdn1/img/promo/${id}.svg" alt="${alt}" width="600" height="150">`

/** A notice's title and content in one language. */
export interface NoticeText {
  title: string
  content: string
}

/** Chinese and Vietnamese of each seeded notice, by id. */
export const noticeTranslations: Readonly<Record<string, { cn: NoticeText; vi: NoticeText }>> = {
  'N-B-001': {
    cn: {
      title: '系统维护通知：周日 02:00–04:00（UTC+7）',
      content:
        '<p>我们将于<strong>周日 02:00 至 04:00（UTC+7）</strong>升级支付网关。</p><ul><li>维护期间暂停存款和提款。</li><li>老虎机、真人娱乐和体育照常开放。</li><li>待处理的提款将在维护结束后立即处理。</li></ul><p>感谢您的耐心等待。</p>',
    },
    vi: {
      title: 'Bảo trì định kỳ: Chủ nhật 02:00–04:00 (UTC+7)',
      content:
        '<p>Chúng tôi nâng cấp cổng thanh toán vào <strong>Chủ nhật từ 02:00 đến 04:00 (UTC+7)</strong>.</p><ul><li>Nạp tiền và rút tiền tạm dừng trong thời gian này.</li><li>Nổ hũ, casino trực tiếp và thể thao vẫn mở.</li><li>Các lệnh rút đang chờ sẽ được xử lý ngay khi bảo trì kết thúc.</li></ul><p>Cảm ơn bạn đã kiên nhẫn.</p>',
    },
  },
  'N-B-002': {
    cn: {
      title: '本月 PG Soft、JILI 和 Pragmatic Play 上线 120 款新老虎机',
      content:
        '<p>本月老虎机大厅新增 <strong>120 款新游戏</strong>。精选推荐：</p><ol><li><strong>金龙 Megaways</strong>：多达 117,649 种中奖方式。</li><li><strong>凤凰崛起</strong>：连消转轴，最高 10 倍乘数。</li><li><strong>幸运锦鲤</strong>：收集金币填满网格。</li></ol><p>在<a href="/rng">老虎机</a>的<em>热门</em>标签中即可找到。</p>',
    },
    vi: {
      title: '120 trò nổ hũ mới từ PG Soft, JILI và Pragmatic Play trong tháng này',
      content:
        '<p>Tháng này sảnh nổ hũ có thêm <strong>120 trò chơi mới</strong>. Nổi bật:</p><ol><li><strong>Rồng Vàng Megaways</strong>: tới 117.649 cách thắng.</li><li><strong>Phượng Hoàng Trỗi Dậy</strong>: cuộn rơi liên tiếp với hệ số nhân x10.</li><li><strong>Cá Koi May Mắn</strong>: thu thập xu để lấp đầy lưới.</li></ol><p>Tìm chúng trong mục <a href="/rng">Nổ hũ</a>, thẻ <em>Nổi bật</em>.</p>',
    },
  },
  'N-B-003': {
    cn: {
      title: '保护您的账户：我们绝不会索要您的密码',
      content:
        '<p>我们的工作人员<strong>绝不会</strong>通过电话、聊天或邮件索要您的密码或短信验证码。</p><ul><li>请使用 6 个字符以上、包含字母和数字的密码。</li><li>可在<em>会员中心 → 我的账户</em>中修改。</li><li>如收到可疑消息，请告知在线客服。</li></ul>',
    },
    vi: {
      title: 'Bảo vệ tài khoản: chúng tôi không bao giờ hỏi mật khẩu của bạn',
      content:
        '<p>Nhân viên của chúng tôi <strong>không bao giờ</strong> hỏi mật khẩu hay mã xác minh qua điện thoại, trò chuyện hoặc email.</p><ul><li>Dùng mật khẩu dài hơn 6 ký tự, gồm cả chữ cái và chữ số.</li><li>Đổi mật khẩu tại <em>Trung tâm thành viên → Tài khoản của tôi</em>.</li><li>Báo tin nhắn đáng ngờ cho chăm sóc khách hàng trực tuyến.</li></ul>',
    },
  },
  'N-PL-001': {
    cn: {
      title: '提款现在 5 分钟内到账',
      content: '<p>银行转账提款现已自动处理，<strong>95% 在 5 分钟内到账。</strong></p><p>请确保您的真实姓名与银行账户名一致（拉丁字母须大写），否则转账将被拒绝。</p>',
    },
    vi: {
      title: 'Tiền rút giờ về trong dưới 5 phút',
      content:
        '<p>Lệnh rút qua chuyển khoản ngân hàng giờ được xử lý tự động. <strong>95% về trong vòng 5 phút.</strong></p><p>Hãy đảm bảo họ tên thật của bạn khớp với tên chủ tài khoản ngân hàng, viết in hoa, nếu không giao dịch sẽ bị từ chối.</p>',
    },
  },
  'N-PL-002': {
    cn: {
      title: '负责任博彩：了解您的花费',
      content:
        '<p><em>会员中心</em>的<strong>投注记录</strong>和<strong>账户记录</strong>显示每一局、每笔存款和提款。</p><p>请以娱乐为目的，只使用您输得起的钱。会员须达到法定年龄（18 岁或以上）。</p>',
    },
    vi: {
      title: 'Chơi có trách nhiệm: biết mình chi bao nhiêu',
      content:
        '<p><strong>Lịch sử cược</strong> và <strong>lịch sử tài khoản</strong> trong <em>Trung tâm thành viên</em> hiển thị mọi ván chơi, lần nạp và lần rút.</p><p>Hãy chơi để giải trí, chỉ với số tiền bạn có thể chấp nhận mất. Thành viên phải đủ tuổi theo luật (từ 18 tuổi).</p>',
    },
  },
  'N-PL-003': {
    cn: {
      title: '越南彩票：北部（Mien Bac）开奖 18:15 直播',
      content: '<p>每天 <strong>18:15（UTC+7）</strong>在<a href="/vnlottery">越南彩票</a>大厅观看北部地区开奖直播。开奖前 15 分钟停止投注。</p>',
    },
    vi: {
      title: 'Xổ số Việt Nam: kết quả Miền Bắc trực tiếp lúc 18:15',
      content:
        '<p>Theo dõi trực tiếp kỳ quay Miền Bắc mỗi ngày lúc <strong>18:15 (UTC+7)</strong> tại sảnh <a href="/vnlottery">xổ số Việt Nam</a>. Ngừng nhận cược 15 phút trước giờ quay.</p>',
    },
  },
  'N-PU-001': {
    cn: {
      title: `欢迎！首次存款加赠 ${cn.percent}`,
      content: `<p>在存款页面领取 <strong>${code}</strong>，我们将为您已支付的存款加赠 <strong>${cn.percent} 红利，最高 ${cn.maxBonus}</strong>，限一次。</p>${img('N-PR-001', '首存红利')}<ul><li>在已结算的游戏中投注达到红利的 ${cn.turnover} 倍之前，余额中相应的金额不可提取。</li></ul><p><a href="/promotions">查看全部优惠</a></p>`,
    },
    vi: {
      title: `Chào mừng! Thêm ${vi.percent} cho lần nạp đầu tiên`,
      content: `<p>Nhận <strong>${code}</strong> trên trang nạp tiền và chúng tôi cộng <strong>thưởng ${vi.percent}, tối đa ${vi.maxBonus}</strong> vào lần nạp đã thanh toán của bạn, một lần.</p>${img('N-PR-001', 'Thưởng chào mừng')}<ul><li>Cho đến khi đã cược ${vi.turnover} lần số tiền thưởng trong các ván đã kết toán, phần số dư tương ứng không thể rút.</li></ul><p><a href="/promotions">Xem tất cả khuyến mãi</a></p>`,
    },
  },
  'N-PU-002': {
    cn: {
      title: '下载应用，领取 20 次免费旋转',
      content: '<p>安装我们的 iOS 或安卓应用并登录一次，即可在<em>幸运锦鲤</em>中获得 <strong>20 次免费旋转</strong>。</p><p><a href="/down">立即下载</a></p>',
    },
    vi: {
      title: 'Tải ứng dụng và nhận 20 lượt quay miễn phí',
      content:
        '<p>Cài ứng dụng cho iOS hoặc Android và đăng nhập một lần để nhận <strong>20 lượt quay miễn phí</strong> trong <em>Cá Koi May Mắn</em>.</p><p><a href="/down">Tải ngay</a></p>',
    },
  },
  'N-PR-001': {
    cn: {
      title: `${cn.percent} 首存红利，最高 ${cn.maxBonus}`,
      content: `${img('N-PR-001', '首存红利')}<h3>活动方式</h3><ol><li>在存款页面勾选 <strong>${code}</strong>。</li><li>存款支付成功后，将加赠存款的 ${cn.percent} 作为红利，最高 <strong>${cn.maxBonus}</strong>。</li><li>在已结算的游戏中投注达到红利的 <strong>${cn.turnover} 倍</strong>之前，余额中相应的金额不可提取。</li></ol><h3>条款</h3><ul><li>每位会员限一次。</li></ul>`,
    },
    vi: {
      title: `Thưởng chào mừng ${vi.percent} tối đa ${vi.maxBonus}`,
      content: `${img('N-PR-001', 'Thưởng chào mừng')}<h3>Cách thức</h3><ol><li>Trên trang nạp tiền, đánh dấu <strong>${code}</strong>.</li><li>Khi lần nạp được thanh toán, ${vi.percent} số tiền đó được cộng làm tiền thưởng, tối đa <strong>${vi.maxBonus}</strong>.</li><li>Cho đến khi đã cược <strong>${vi.turnover} lần</strong> số tiền thưởng trong các ván đã kết toán, phần số dư tương ứng không thể rút.</li></ol><h3>Điều khoản</h3><ul><li>Mỗi thành viên một lần.</li></ul>`,
    },
  },
  'N-PR-002': {
    cn: {
      title: '每日返水：每笔老虎机投注返 1.2%',
      content: `${img('N-PR-002', '每日返水')}<p>每天 12:00 我们发放<strong>昨日老虎机有效投注的 1.2%</strong>，无论输赢。</p><table><thead><tr><th>VIP 等级</th><th>老虎机</th><th>真人</th></tr></thead><tbody><tr><td>1–3</td><td>1.2%</td><td>0.6%</td></tr><tr><td>4–6</td><td>1.5%</td><td>0.8%</td></tr><tr><td>7+</td><td>2.0%</td><td>1.0%</td></tr></tbody></table><p>返水无流水要求。</p>`,
    },
    vi: {
      title: 'Hoàn trả mỗi ngày: 1,2% cho mọi cược nổ hũ',
      content: `${img('N-PR-002', 'Hoàn trả mỗi ngày')}<p>Mỗi ngày lúc 12:00 chúng tôi cộng <strong>1,2% tổng cược nổ hũ hợp lệ của hôm qua</strong>, dù thắng hay thua.</p><table><thead><tr><th>Cấp VIP</th><th>Nổ hũ</th><th>Casino trực tiếp</th></tr></thead><tbody><tr><td>1–3</td><td>1,2%</td><td>0,6%</td></tr><tr><td>4–6</td><td>1,5%</td><td>0,8%</td></tr><tr><td>7+</td><td>2,0%</td><td>1,0%</td></tr></tbody></table><p>Hoàn trả không có yêu cầu doanh thu cược.</p>`,
    },
  },
  'N-PR-003': {
    cn: {
      title: '邀请好友，双方各得 50.00',
      content: `${img('N-PR-003', '推荐红利')}<p>在<em>会员中心 → 邀请好友</em>分享您的推荐链接。好友存款 100.00 或以上时，<strong>你们双方各得 50.00</strong>。</p><ul><li>每月最多 20 位好友。</li><li>红利需 5 倍流水。</li></ul>`,
    },
    vi: {
      title: 'Mời bạn bè, cả hai cùng nhận 50,00',
      content: `${img('N-PR-003', 'Thưởng giới thiệu')}<p>Chia sẻ liên kết giới thiệu từ <em>Trung tâm thành viên → Mời bạn bè</em>. Khi bạn của bạn nạp từ 100,00 trở lên, <strong>cả hai cùng nhận 50,00</strong>.</p><ul><li>Tối đa 20 người bạn mỗi tháng.</li><li>Tiền thưởng cần cược 5 lần.</li></ul>`,
    },
  },
  'N-PR-004': {
    cn: {
      title: '真人娱乐周末：净亏损返现 10%',
      content: `${img('N-PR-004', '真人娱乐返现')}<p>周五 18:00 至周日 23:59，<strong>返还您真人娱乐净亏损的 10%</strong>，最高 1,000.00。</p><p>返现于周一 12:00 前发放，可立即提款。</p>`,
    },
    vi: {
      title: 'Cuối tuần casino trực tiếp: hoàn 10% số thua ròng',
      content: `${img('N-PR-004', 'Hoàn tiền casino trực tiếp')}<p>Từ 18:00 thứ Sáu đến 23:59 Chủ nhật, <strong>nhận lại 10% số thua ròng ở casino trực tiếp</strong>, tối đa 1.000,00.</p><p>Tiền hoàn được cộng vào thứ Hai trước 12:00 và có thể rút ngay.</p>`,
    },
  },
  'N-PR-005': {
    cn: {
      title: '体育：首次串关赠送 20.00 免费投注',
      content: `${img('N-PR-005', '体育免费投注')}<p>投注一注 <strong>3 场或以上</strong>的串关，每场赔率不低于 1.50。若其中一场未中，我们将以 20.00 免费投注退还您的投注额。</p>`,
    },
    vi: {
      title: 'Thể thao: cược miễn phí 20,00 cho vé cược xiên đầu tiên',
      content: `${img('N-PR-005', 'Cược thể thao miễn phí')}<p>Đặt một vé cược xiên gồm <strong>3 lựa chọn trở lên</strong>, mỗi lựa chọn có tỷ lệ cược từ 1,50. Nếu một lựa chọn thua, chúng tôi hoàn tiền cược cho bạn dưới dạng cược miễn phí 20,00.</p>`,
    },
  },
  'N-H-001': {
    cn: {
      title: '三步完成存款',
      content:
        '<ol><li>从余额下方的菜单打开<strong>存款</strong>。</li><li>选择支付方式并输入金额。</li><li>确认；收到付款后余额立即更新。</li></ol><p>有疑问？<a href="/help">访问帮助中心</a>。</p>',
    },
    vi: {
      title: 'Nạp tiền trong ba bước',
      content:
        '<ol><li>Mở <strong>Nạp tiền</strong> từ danh mục dưới số dư.</li><li>Chọn phương thức và nhập số tiền.</li><li>Xác nhận; số dư được cập nhật ngay khi nhận được thanh toán.</li></ol><p>Có thắc mắc? <a href="/help">Truy cập trung tâm trợ giúp</a>.</p>',
    },
  },
  'N-H-002': {
    cn: {
      title: '客服 24/7 全天候在线',
      content: '<p>随时通过页面右侧的图标，使用<strong>在线客服</strong>、WhatsApp 或 Telegram 联系我们。平均响应时间：1 分钟以内。</p>',
    },
    vi: {
      title: 'Chăm sóc khách hàng 24/7',
      content:
        '<p>Liên hệ với chúng tôi bất cứ lúc nào qua <strong>trò chuyện trực tuyến</strong>, WhatsApp hoặc Telegram bằng các biểu tượng bên phải trang. Thời gian trả lời trung bình: dưới 1 phút.</p>',
    },
  },
}

const en = welcomeTermsText('en')

/** Chinese and Vietnamese of each seeded banner title, by its English title. */
export const bannerTranslations: Readonly<Record<string, { cn: string; vi: string }>> = {
  [`Welcome bonus ${en.percent} up to ${en.maxBonus}`]: { cn: `首存红利 ${cn.percent}，最高 ${cn.maxBonus}`, vi: `Thưởng chào mừng ${vi.percent} tối đa ${vi.maxBonus}` },
  '10,000 games, one account': { cn: '10,000 款游戏，一个账户', vi: '10.000 trò chơi, một tài khoản' },
  'Live casino weekend cashback': { cn: '真人娱乐周末返现', vi: 'Hoàn tiền cuối tuần casino trực tiếp' },
  'Golden Dragon Megaways is here': { cn: '金龙 Megaways 现已上线', vi: 'Rồng Vàng Megaways đã có mặt' },
  'Daily rebate 1.2% on slots': { cn: '老虎机每日返水 1.2%', vi: 'Hoàn trả nổ hũ 1,2% mỗi ngày' },
  'Real dealers, around the clock': { cn: '真人荷官，全天候服务', vi: 'Người chia bài thật, suốt ngày đêm' },
  'Sexy Baccarat: new tables': { cn: 'Sexy Baccarat：新桌开放', vi: 'Sexy Baccarat: bàn mới' },
  'Ocean hunters: catch the golden shark': { cn: '海洋猎手：捕获黄金鲨', vi: 'Thợ săn đại dương: bắt cá mập vàng' },
  'Poker rooms open 24/7': { cn: '扑克房 24/7 开放', vi: 'Phòng bài mở cửa 24/7' },
  'Mahjong Palace tournament': { cn: '麻将宫殿锦标赛', vi: 'Giải đấu Cung điện Mạt chược' },
  'Free bet on your first accumulator': { cn: '首次串关享免费投注', vi: 'Cược miễn phí cho vé cược xiên đầu tiên' },
  'Live odds on 30,000 matches a month': { cn: '每月 30,000 场比赛实时赔率', vi: 'Tỷ lệ cược trực tiếp cho 30.000 trận mỗi tháng' },
  'Esports: bet on every map': { cn: '电子竞技：每张地图都能投注', vi: 'Thể thao điện tử: cược từng bản đồ' },
  'Fast lottery: a draw every minute': { cn: '快速彩票：每分钟开奖一次', vi: 'Xổ số nhanh: mỗi phút một kỳ quay' },
  'Vietnamese lottery results at 18:15': { cn: '越南彩票 18:15 开奖', vi: 'Kết quả xổ số Việt Nam lúc 18:15' },
  'Sabong live from the arena': { cn: '斗鸡现场直播', vi: 'Đá gà trực tiếp từ trường gà' },
  'Invite a friend, both get 50.00': { cn: '邀请好友，双方各得 50.00', vi: 'Mời bạn bè, cả hai cùng nhận 50,00' },
  'All promotions in one place': { cn: '全部优惠，一站汇集', vi: 'Tất cả khuyến mãi ở một nơi' },
  'Trade points for rewards': { cn: '积分兑换奖励', vi: 'Đổi điểm lấy phần thưởng' },
  'We are here to help, 24/7': { cn: '我们 24/7 随时为您服务', vi: 'Chúng tôi luôn sẵn sàng hỗ trợ 24/7' },
  'Sign up in 30 seconds': { cn: '30 秒完成注册', vi: 'Đăng ký trong 30 giây' },
  'Your first deposit doubled': { cn: '首次存款翻倍', vi: 'Nhân đôi lần nạp đầu tiên' },
  'Welcome back': { cn: '欢迎回来', vi: 'Chào mừng trở lại' },
  'Reset your password safely': { cn: '安全重置您的密码', vi: 'Đặt lại mật khẩu an toàn' },
}
