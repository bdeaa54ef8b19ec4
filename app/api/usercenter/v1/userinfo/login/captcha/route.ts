// GET /api/usercenter/v1/userinfo/login/captcha?token= — a new captcha image for the login form
export { captchaImage as GET } from '@/lib/server/auth/captcha-route';
