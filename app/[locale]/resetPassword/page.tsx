import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { accountPage } from '../_account-page';

const page = accountPage('ResetPassword', '/resetPassword', (options) => <ResetPasswordForm {...options} />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
