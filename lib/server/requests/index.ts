import 'server-only';
/** Data applications (issue 19): applying, the applicant's own views, and the administrators' review. */
export { createRequest, readCreateRequest, isPdf } from './create';
export { getOwnRequest, listOwnRequests, listRequestItems, ownRequestIds, requestAttachment, withdrawRequest } from './own';
export { approveRequest, approvalKey, areaSceneCover, getManagedRequest, listAreaScenes, listManagedRequests, rejectRequest } from './review';
