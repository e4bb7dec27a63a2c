import type { SettingsSection } from '@gatehouse/contract/browser';
import {
  AppWindow,
  Copy,
  Download,
  FingerprintPattern,
  KeyRound,
  LockKeyhole,
  Mail,
  MonitorSmartphone,
  PanelsTopLeft,
  ShieldAlert,
  ShieldCheck,
  Smartphone,
  Trash2,
  UserRound,
  Users,
} from 'lucide-react';
import { decorative, type IconProps } from './icons.tsx';

// The icons of the later screens (two-factor, sign-up steps, account, settings, teams) and of the
// banners shown only once the API has answered: apart from icons.tsx, so a first screen does not
// load them (vite.config.ts leaves this module to the screens that import it).
export const KeyIcon = decorative(KeyRound);
export const PanelIcon = decorative(PanelsTopLeft);
export const TeamIcon = decorative(Users);
export const ShieldIcon = decorative(LockKeyhole);
export const CopyIcon = decorative(Copy, 16);
export const DownloadIcon = decorative(Download, 16);
export const ShieldAlertIcon = decorative(ShieldAlert);

export const sectionIcons: Record<SettingsSection, (props: IconProps) => React.ReactElement> = {
  profile: decorative(UserRound, 18),
  consents: decorative(ShieldCheck, 18),
  password: decorative(KeyRound, 18),
  'two-factor': decorative(Smartphone, 18),
  passkeys: decorative(FingerprintPattern, 18),
  email: decorative(Mail, 18),
  sessions: decorative(MonitorSmartphone, 18),
  apps: decorative(AppWindow, 18),
  delete: decorative(Trash2, 18),
};
