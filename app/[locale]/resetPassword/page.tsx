import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { accountPage } from '../_account-page';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';

const page = accountPage('ResetPassword', '/resetPassword', (options) => (
  <ClientMessages groups={['PersonalInfo', 'Register', 'ResetPassword']}>
    <QueryBoundary>
      <ResetPasswordForm {...options} />
    </QueryBoundary>
  </ClientMessages>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;
