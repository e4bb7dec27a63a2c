import type { SettingsSection } from '@gatehouse/contract';
import { KeyRound, type LucideProps, Mail, MonitorSmartphone, ShieldCheck, Trash2, UserRound } from 'lucide-react';

// Bundled Lucide icons, decorative: the section's name stands beside each one.
const decorative = (Icon: React.ComponentType<LucideProps>) => (props: { className?: string }) => (
  <Icon size={18} strokeWidth={2} aria-hidden="true" {...props} />
);

export const sectionIcons: Record<SettingsSection, (props: { className?: string }) => React.ReactElement> = {
  profile: decorative(UserRound),
  consents: decorative(ShieldCheck),
  password: decorative(KeyRound),
  email: decorative(Mail),
  sessions: decorative(MonitorSmartphone),
  delete: decorative(Trash2),
};
