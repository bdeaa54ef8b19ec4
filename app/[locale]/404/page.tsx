import { errorRoute } from '../_error-route';

const route = errorRoute(404);
export const generateMetadata = route.generateMetadata;
export default route.Page;
