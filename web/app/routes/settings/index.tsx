import { useEffect } from 'react';
import { useLocalNavigate } from '../../lib/navigation.tsx';

/** /settings on its own opens the first section. */
export default function SettingsIndex() {
  const navigate = useLocalNavigate();
  useEffect(() => {
    navigate('/settings/profile', { replace: true });
  }, [navigate]);
  return null;
}
