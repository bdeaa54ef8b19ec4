import { RegisterForm } from '@/components/auth/register-form';
import { accountPage } from '../_account-page';

const page = accountPage('Register', '/register', (options) => <RegisterForm {...options} />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
