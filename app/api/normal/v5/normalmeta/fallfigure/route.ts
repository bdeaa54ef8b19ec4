// POST /api/normal/v5/normalmeta/fallfigure — each scene's share of the search area and the minimal set (public)
import { withApi } from '@/lib/server/api/with-api';
import { fallFigures } from '@/lib/server/catalogue';
import { fallFigureContract } from '@/lib/shared/contracts/coverage';

export const POST = withApi(fallFigureContract, ({ db, body }) => fallFigures(db, body));
