// GET /api/client-package/v2/lastest/APP_{product}/qr — the QR code (SVG) of the product's mobile-app download address
import { z } from 'zod';
import { API_CODES } from '@/lib/shared/contracts/api';
import { apiTranslator, localeOfRequest } from '@/lib/server/i18n';
import { APP_PRODUCTS, appQrSvg } from '@/lib/server/site';

const packageSchema = z.string().regex(/^APP_[A-Z0-9_]{1,32}$/);

export async function GET(request: Request, context: { params: Promise<{ package: string }> }): Promise<Response> {
  const t = apiTranslator(localeOfRequest(request));
  const { package: name } = await context.params;
  const headers = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
  if (!packageSchema.safeParse(name).success) {
    return Response.json({ code: API_CODES.INVALID_INPUT, message: t('appPackageInvalid'), data: null }, { status: 400, headers });
  }
  const product = APP_PRODUCTS.find((p) => `APP_${p}` === name);
  if (!product) return Response.json({ code: API_CODES.NOT_FOUND, message: t('appPackageUnknown', { name }), data: null }, { status: 404, headers });
  return new Response(await appQrSvg(product), {
    headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' },
  });
}
