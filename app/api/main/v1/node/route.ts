// GET /api/main/v1/node?province= — provincial nodes with contacts and map position
import { withApi } from '@/lib/server/api/with-api';
import { listNodes } from '@/lib/server/nodes';
import { listNodesContract } from '@/lib/shared/contracts/nodes';

export const GET = withApi(listNodesContract, ({ db, query, locale }) => listNodes(db, locale, query.province));
