import { Breadcrumb } from '@chakra-ui/react';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ARCHIVES_PATH } from '../lib/urls.ts';

/** One breadcrumb step: a name and the href to go to. */
export interface Crumb {
  readonly name: string;
  readonly href: string;
}

/** Breadcrumbs: Archives › ancestors › current (not a link). */
export function Breadcrumbs({ ancestors, current }: { ancestors: readonly Crumb[]; current: string }) {
  const steps: Crumb[] = [{ name: 'Archives', href: ARCHIVES_PATH }, ...ancestors];
  return (
    <Breadcrumb.Root aria-label="Breadcrumb" size="sm" data-testid="breadcrumbs">
      <Breadcrumb.List flexWrap="wrap">
        {steps.map((step) => (
          <Fragment key={step.href}>
            <Breadcrumb.Item>
              <Breadcrumb.Link asChild color="fg.muted">
                <RouterLink to={step.href}>{step.name}</RouterLink>
              </Breadcrumb.Link>
            </Breadcrumb.Item>
            <Breadcrumb.Separator />
          </Fragment>
        ))}
        <Breadcrumb.Item>
          <Breadcrumb.CurrentLink>{current}</Breadcrumb.CurrentLink>
        </Breadcrumb.Item>
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
