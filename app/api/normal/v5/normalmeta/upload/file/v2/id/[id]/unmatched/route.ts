// POST /api/normal/v5/normalmeta/upload/file/v2/id/{id}/unmatched — the list's lines that select no scene within the filters (public)
import { withApi } from '@/lib/server/api/with-api';
import { unmatchedLines } from '@/lib/server/catalogue';
import { sceneListUnmatchedContract } from '@/lib/shared/contracts/scene-lists';

export const POST = withApi(sceneListUnmatchedContract, ({ db, params, body }) => unmatchedLines(db, params.id, body.filter));
