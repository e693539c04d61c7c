/**
 * Browse an archive by its taxonomies (issue 13: taxonomy-item pins; spec 02 §6 taxonomy items' Navigate and Query
 * flags): the archive's `taxonomies` as the DAM lists them (each taxonomy with its top-level items that carry
 * Navigate and Query), each item a link to the archive's search for it (`searchHref`, `?txnm=<item>`), with a pin
 * toggle where the item carries `pin` (signed-in users); the Pins view lists pinned items as tiles.
 */
import { Box, Heading, HStack, Link, Stack, Wrap, chakra } from '@chakra-ui/react';
import { Tags } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import type { CollectionTaxonomy } from '@magpie/api-types';
import { PinToggle } from '../pins/PinToggle.tsx';

/** See the module comment; renders nothing when the archive has no taxonomy to browse by. */
export function TaxonomyNavigation({ taxonomies }: { readonly taxonomies: readonly CollectionTaxonomy[] | null | undefined }) {
  const shown = (taxonomies ?? []).filter((taxonomy) => taxonomy.items.length > 0);
  if (shown.length === 0) return null;
  return (
    <chakra.section aria-labelledby="taxonomy-navigation-heading" data-testid="taxonomy-navigation">
      <Heading as="h2" id="taxonomy-navigation-heading" size="md" mb="3">
        Browse by
      </Heading>
      <Stack gap="3">
        {shown.map((taxonomy) => (
          <Box key={taxonomy.href} data-testid="taxonomy-navigation-taxonomy" data-field={taxonomy.field}>
            <HStack gap="2" mb="1" color="fg.muted" fontSize="sm">
              <Tags size={14} aria-hidden="true" />
              <span>{taxonomy.name}</span>
            </HStack>
            <Wrap as="ul" listStyleType="none" p="0" m="0" gap="2" aria-label={taxonomy.name}>
              {taxonomy.items.map((item) => (
                <HStack
                  as="li"
                  key={item.href}
                  gap="0"
                  borderWidth="1px"
                  borderColor="border"
                  rounded="full"
                  ps="3"
                  pe="1"
                  py="0.5"
                  data-testid="taxonomy-navigation-item"
                  data-name={item.name}
                >
                  <Link asChild fontSize="sm">
                    <RouterLink to={item.searchHref}>{item.name}</RouterLink>
                  </Link>
                  {item.pin && <PinToggle href={item.searchHref} name={item.name} size="2xs" variant="ghost" data-testid="taxonomy-navigation-pin" />}
                </HStack>
              ))}
            </Wrap>
          </Box>
        ))}
      </Stack>
    </chakra.section>
  );
}
