import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { accountPage } from '../_account-page';

const page = accountPage('ResetPassword', '/resetPassword', <ResetPasswordForm />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
