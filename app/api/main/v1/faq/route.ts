// GET /api/main/v1/faq?q=&category= — the FAQ in the caller's language, optionally filtered
import { withApi } from '@/lib/server/api/with-api';
import { listFaq } from '@/lib/server/faq';
import { listFaqContract } from '@/lib/shared/contracts/faq';

export const GET = withApi(listFaqContract, ({ db, query, locale }) => listFaq(db, locale, { q: query.q, category: query.category }));
