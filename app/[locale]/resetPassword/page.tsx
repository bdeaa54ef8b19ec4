import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { accountPage } from '../_account-page';
import { QueryBoundary } from '@/components/providers/query-boundary';

const page = accountPage('ResetPassword', '/resetPassword', (options) => (
  <QueryBoundary>
    <ResetPasswordForm {...options} />
  </QueryBoundary>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;
