// GET /api/share/v2/sign/download/{id} — a signed, expiring download link for a share item's file
import { withApi } from '@/lib/server/api/with-api';
import { signShareDownload } from '@/lib/server/share';
import { signShareDownloadContract } from '@/lib/shared/contracts/share';

export const GET = withApi(signShareDownloadContract, ({ db, session, params }) => signShareDownload(db, session, params.id));
