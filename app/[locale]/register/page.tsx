import { RegisterForm } from '@/components/auth/register-form';
import { accountPage } from '../_account-page';
import { QueryBoundary } from '@/components/providers/query-boundary';

const page = accountPage('Register', '/register', (options) => (
  <QueryBoundary>
    <RegisterForm {...options} />
  </QueryBoundary>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;
