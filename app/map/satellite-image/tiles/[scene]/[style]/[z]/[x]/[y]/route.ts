// GET /map/satellite-image/tiles/{scene}/{style}/{z}/{x}/{y}.png — XYZ tiles of a scene's imagery (@2x.png: 512 px)
import { imageryXyz } from '@/lib/server/imagery';

export const dynamic = 'force-dynamic';

export async function GET(
  request: Request,
  { params }: { params: Promise<{ scene: string; style: string; z: string; x: string; y: string }> },
) {
  return imageryXyz(request, await params);
}
