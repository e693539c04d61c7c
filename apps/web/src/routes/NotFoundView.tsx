import { Button, chakra } from '@chakra-ui/react';
import { MapPinOff } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyView } from '../components/States.tsx';
import { ARCHIVES_PATH } from '../lib/urls.ts';

/** A client address that is not one of the app's pages. */
export function NotFoundView() {
  return (
    <chakra.main id="main" p="6">
      <chakra.h1 srOnly>Page not found</chakra.h1>
      <EmptyView icon={<MapPinOff aria-hidden="true" />} title="This page does not exist" description="The address may be mistyped, or the page was moved.">
        <Button asChild colorPalette="brand">
          <RouterLink to={ARCHIVES_PATH}>Go to the archives</RouterLink>
        </Button>
      </EmptyView>
    </chakra.main>
  );
}
