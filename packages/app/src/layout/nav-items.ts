import { CHANNEL_VALUES, channelInfo, type Channel } from '@cadence/core';
import {
  BookOpen,
  Building2,
  CalendarCheck,
  CalendarDays,
  FileText,
  Globe,
  Lightbulb,
  ListChecks,
  Mail,
  Megaphone,
  Newspaper,
  Search,
  Settings,
  Share2,
  Users,
  Video,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  title: string;
  url: string;
  icon: LucideIcon;
}

const CHANNEL_ICONS: Record<Channel, LucideIcon> = {
  email: Mail,
  social: Share2,
  content: FileText,
  paid: Megaphone,
  events: CalendarCheck,
  webinars: Video,
  seo: Search,
  pr: Newspaper,
  website: Globe,
  'customer-community': Users,
  internal: Building2,
  'industry-publications': BookOpen,
};

const channelItem = (c: Channel): NavItem => ({ title: channelInfo(c).label, url: `/channel/${c}`, icon: CHANNEL_ICONS[c] });

/** 'Marketing Channels' (docs/product.md#sidebar): Global Calendar, then the twelve channels in menu order. */
export const MARKETING_ITEMS: readonly NavItem[] = [
  { title: 'Global Calendar', url: '/', icon: CalendarDays },
  ...CHANNEL_VALUES.map(channelItem),
];

/** 'Other' (docs/product.md#sidebar), with My work (docs/adr/0049): the tasks assigned to me. */
export const OTHER_ITEMS: readonly NavItem[] = [
  { title: 'My work', url: '/my-work', icon: ListChecks },
  { title: 'Ideas', url: '/ideas', icon: Lightbulb },
  { title: 'Settings', url: '/settings', icon: Settings },
];
