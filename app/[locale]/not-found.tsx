import { ErrorPage } from '@/components/errors/error-page';

export default function NotFound() {
  return <ErrorPage code={404} />;
}
