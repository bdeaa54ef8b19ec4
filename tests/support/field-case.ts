/** A spot as the field app keeps it on the device (issue 34.2), for the queue's tests: being checked, at `version`. */
import type { StoredCase } from '../../lib/client/field/store';

export function storedCase(id: string, version: number, spotNo = `S-${id}`): StoredCase {
  return {
    id,
    spotNo,
    xzqdm: '130102',
    countyName: 'Chang’an',
    changeType: '101',
    changeTypeName: '',
    areaM2: 1200,
    status: 'checking',
    statusName: '',
    stageDue: null,
    version,
    center: [114.5, 38],
    bbox: [114.49, 37.99, 114.51, 38.01],
    outline: { type: 'MultiPolygon', coordinates: [] },
    form: { verdict: null, reasonCode: null, approvalNo: null, builder: null, buildDate: null, remarks: null },
    moves: [],
    beforeDate: null,
    afterDate: null,
    batchId: '1',
    draft: null,
    localStatus: 'checking',
  };
}
