import { ErrorScreen } from '../components/error-screen.tsx';

export default function NotFound() {
  return <ErrorScreen status={404} />;
}
