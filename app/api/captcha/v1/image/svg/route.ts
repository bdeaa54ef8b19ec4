// GET /api/captcha/v1/image/svg?token= — the same captcha image, at the captcha service's path
export { captchaImage as GET } from '@/lib/server/auth/captcha-route';
