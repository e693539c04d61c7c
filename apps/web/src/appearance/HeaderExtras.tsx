/**
 * The header's extra links (issue 15; spec 01 §2 "Header menu items"; spec 02 §3): the administrators' custom
 * title-bar buttons (icon links with their tooltip as the accessible name, in `index` order, opening in this tab or a
 * new one), the go-pro link and the flow link, each only when the descriptor offers it (`headerLinks.ts`). A guest's
 * header shows the title-bar buttons too (the public descriptor carries them; they are plain links), never the go-pro
 * or flow links, which need a signed-in user.
 */
import { Button, IconButton } from '@chakra-ui/react';
import { BookOpen, Calendar, CircleHelp, Globe, House, Info, Link as LinkIcon, Mail, MessageCircle, Sparkles, Star, Workflow, type LucideIcon } from 'lucide-react';
import type { TitleBarIcon } from '@magpie/api-types';
import { useSession } from '../session/SessionProvider.tsx';
import { flowHref, goProHref, titleBarButtons } from './headerLinks.ts';

/** The icon drawn for each of the contract's icon names (null: the plain link icon). */
const ICONS: Readonly<Record<TitleBarIcon, LucideIcon>> = {
  link: LinkIcon,
  help: CircleHelp,
  info: Info,
  mail: Mail,
  book: BookOpen,
  home: House,
  star: Star,
  calendar: Calendar,
  chat: MessageCircle,
  globe: Globe,
};

/** The icon of a title-bar button's icon name. */
export function titleBarIcon(icon: TitleBarIcon | null): LucideIcon {
  return icon === null ? LinkIcon : ICONS[icon];
}

/** See the module comment. */
export function HeaderExtras() {
  const { descriptor, guest } = useSession();
  const buttons = titleBarButtons(descriptor ?? guest);
  const pro = goProHref(descriptor, descriptor !== undefined);
  const flows = flowHref(descriptor);
  return (
    <>
      {buttons.map((button) => {
        const Icon = titleBarIcon(button.icon);
        const newTab = button.target === '_blank';
        return (
          <IconButton key={button.key} asChild size="sm" variant="ghost" aria-label={newTab ? `${button.tooltip} (opens in a new tab)` : button.tooltip}>
            <a href={button.href} target={button.target} rel={newTab ? 'noopener noreferrer' : undefined} title={button.tooltip} data-testid="title-bar-button">
              <Icon aria-hidden="true" />
            </a>
          </IconButton>
        );
      })}
      {flows && (
        <Button asChild size="sm" variant="ghost">
          <a href={flows} data-testid="flow-link">
            <Workflow aria-hidden="true" />
            <span>Flows</span>
          </a>
        </Button>
      )}
      {pro && (
        <Button asChild size="sm" variant="ghost">
          <a href={pro} data-testid="go-pro-link">
            <Sparkles aria-hidden="true" />
            <span>Go pro</span>
          </a>
        </Button>
      )}
    </>
  );
}
