// A host page that polluted Object.prototype and Array.prototype (as some old libraries do).
Object.prototype.polluted = 'yes'
Object.prototype.defaults = { platform: 'https://evil.example' }
Object.prototype.headers = { 'X-Evil': '1' }
Array.prototype.evil = () => 'evil'
window.__violations = []
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`))
