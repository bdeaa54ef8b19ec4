// GET /api/news/v3/sign/download/imageurl/{id} — a signed link to the cover of a published news item
import { withApi } from '@/lib/server/api/with-api';
import { signNewsCover } from '@/lib/server/share/news-covers';
import { signNewsCoverContract } from '@/lib/shared/contracts/share';

export const GET = withApi(signNewsCoverContract, ({ db, params, locale }) => signNewsCover(db, params.id, locale));
