import { RegisterForm } from '@/components/auth/register-form';
import { accountPage } from '../_account-page';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';

const page = accountPage('Register', '/register', (options) => (
  <ClientMessages groups={['PersonalInfo', 'Register']}>
    <QueryBoundary>
      <RegisterForm {...options} />
    </QueryBoundary>
  </ClientMessages>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;
