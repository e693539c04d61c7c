/**
 * The icons a collection tile may show (`iconCharacter`, `@magpie/api-types` `COLLECTION_ICONS`; spec 02 §9 default
 * Folder), as lucide icons.
 */
import { Briefcase, Camera, FileText, Film, Flag, Folder, Globe, Heart, Images, Music, Star, Users, type LucideIcon } from 'lucide-react';
import type { CollectionIcon } from '@magpie/api-types';

export const COLLECTION_ICON_COMPONENTS: Readonly<Record<CollectionIcon, LucideIcon>> = {
  Folder,
  Images,
  Camera,
  Film,
  Music,
  FileText,
  Star,
  Heart,
  Flag,
  Globe,
  Users,
  Briefcase,
};

/** The icon of `iconCharacter` ('' or unknown: the folder). */
export function collectionIcon(iconCharacter: string | null | undefined): LucideIcon {
  return COLLECTION_ICON_COMPONENTS[iconCharacter as CollectionIcon] ?? Folder;
}
