import {
  IconCheck,
  IconCircleCheck,
  IconCoin,
  IconInfoCircle,
  IconMail,
  IconMessage,
  IconStar,
} from '@tabler/icons-react';

// The icons an ACTION entry names (metadata.icon), as the spec's status
// changes and the server's own entries use them.
const ICONS = {
  'check-circle': IconCircleCheck,
  star: IconStar,
  mail: IconMail,
  coin: IconCoin,
  check: IconCheck,
  comment: IconMessage,
} as const;

export function ActionIcon({ name, size = 14 }: { name: string | null; size?: number }) {
  const Icon = (name && ICONS[name as keyof typeof ICONS]) || IconInfoCircle;
  return <Icon size={size} />;
}
