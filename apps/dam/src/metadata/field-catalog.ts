import type { FieldDescription } from '@magpie/api-types';
import { FIELD_RULES } from '../media/metadata.ts';
import { DEFAULT_METADATA_VIEW } from './default-view.ts';

/** An XMP namespace of the field catalogue (fotoweb-api-notes "Config API": `{Url, Alias, Name}`). */
export interface CatalogNamespace {
  Url: string;
  Alias: string;
  Name: string;
}

/** ExifTool's XMP group names and the namespaces they stand for. */
const NAMESPACE_OF_GROUP: Readonly<Record<string, CatalogNamespace>> = {
  'XMP-dc': { Url: 'http://purl.org/dc/elements/1.1/', Alias: 'dc', Name: 'Dublin Core' },
  'XMP-photoshop': { Url: 'http://ns.adobe.com/photoshop/1.0/', Alias: 'photoshop', Name: 'Photoshop' },
  'XMP-iptcCore': { Url: 'http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/', Alias: 'Iptc4xmpCore', Name: 'IPTC Core' },
  'XMP-xmp': { Url: 'http://ns.adobe.com/xap/1.0/', Alias: 'xmp', Name: 'XMP Basic' },
};

/** XMP properties of the fields that are not read from files by {@link FIELD_RULES} but written back (55, 320). */
const EXTRA_XMP: Readonly<Record<string, string>> = {
  '55': 'XMP-photoshop:DateCreated',
  '320': 'XMP-xmp:Rating',
};

/** One field of the catalogue (dam.yaml `MetadataFieldInfo`). */
export interface CatalogField {
  Id: number;
  Name: string;
  GuiLabel: string;
  FieldType: 'AltLang' | 'Bag' | 'Seq' | 'Single';
  ValueType: 'Boolean' | 'Date' | 'Integer' | 'Real' | 'Text';
  Namespace: string;
  NamespaceLabel: string;
  MaxSize: number | null;
  AdobeName: string;
  IsMultiline: boolean;
  Group: string;
}

const VALUE_TYPES = { text: 'Text', integer: 'Integer', real: 'Real', date: 'Date', boolean: 'Boolean' } as const;

/** The XMP tag a field is stored under in files, if any (`XMP-dc:Title`). */
function xmpTagOf(id: string): string | undefined {
  return EXTRA_XMP[id] ?? FIELD_RULES.find((rule) => rule.id === id)?.sources.find((source) => source.startsWith('XMP-'));
}

function catalogField(description: FieldDescription, group: string): CatalogField {
  const { field } = description;
  const tag = xmpTagOf(String(field.id));
  const [groupName, property] = tag ? (tag.split(':') as [string, string]) : [undefined, undefined];
  const namespace = groupName ? NAMESPACE_OF_GROUP[groupName] : undefined;
  const adobe = namespace && property ? `${namespace.Alias}:${property.charAt(0).toLowerCase()}${property.slice(1)}` : '';
  return {
    Id: field.id,
    Name: property ?? field.label.replace(/[^A-Za-z0-9]/g, ''),
    GuiLabel: field.label,
    FieldType: field['multi-instance'] ? 'Bag' : 'Single',
    ValueType: VALUE_TYPES[field['data-type']],
    Namespace: namespace?.Url ?? '',
    NamespaceLabel: namespace?.Name ?? 'Magpie (database only)',
    MaxSize: field['max-size'],
    AdobeName: adobe,
    IsMultiline: field.multiline,
    Group: group,
  };
}

/**
 * The metadata fields this server knows (issue 12, spec 03 §7 configuration loads; spec 02 §7 field pickers): the
 * fields of the default metadata view, each in the group of its region, with the XMP property Magpie reads it from
 * and writes it to (`media/metadata.ts` FIELD_RULES, the write-back's extras). Fields with no XMP property (Status,
 * Notes) live only in Magpie's database. Ordered by id.
 */
export const FIELD_CATALOG: readonly CatalogField[] = DEFAULT_METADATA_VIEW.detailRegions
  .flatMap((region) => region.fields.map((description) => catalogField(description, region.name)))
  .sort((a, b) => a.Id - b.Id);

/** The namespaces the catalogue's fields live in, by alias. */
export const CATALOG_NAMESPACES: readonly CatalogNamespace[] = [...new Map(FIELD_CATALOG.filter((f) => f.Namespace !== '').map((f) => [f.Namespace, f])).values()]
  .map((f) => Object.values(NAMESPACE_OF_GROUP).find((ns) => ns.Url === f.Namespace)!)
  .sort((a, b) => a.Alias.localeCompare(b.Alias));

/** The field groups, in the default view's order, with how many fields each holds. */
export const CATALOG_GROUPS: ReadonlyArray<{ Name: string; FieldCount: number }> = DEFAULT_METADATA_VIEW.detailRegions.map((region) => ({
  Name: region.name,
  FieldCount: region.fields.length,
}));

/** Longest text filter accepted (characters); a longer one answers `filter_failed`. */
export const MAX_FIELD_FILTER_LENGTH = 100;

/**
 * The fields a filter selects: `all`, `known` (with an XMP name), `custom` (database only), or text matched
 * case-insensitively against the id, name, label and XMP name. Undefined for a filter that cannot be used (too long,
 * control characters): the caller answers `filter_failed`.
 */
export function filterCatalog(filter: string): CatalogField[] | undefined {
  const text = filter.trim();
  // eslint-disable-next-line no-control-regex
  if (text.length > MAX_FIELD_FILTER_LENGTH || /[\u0000-\u001f\u007f]/.test(text)) return undefined;
  const key = text.toLowerCase();
  if (key === 'all' || key === '') return [...FIELD_CATALOG];
  if (key === 'known') return FIELD_CATALOG.filter((f) => f.AdobeName !== '');
  if (key === 'custom') return FIELD_CATALOG.filter((f) => f.AdobeName === '');
  return FIELD_CATALOG.filter((f) => [String(f.Id), f.Name, f.GuiLabel, f.AdobeName].some((value) => value.toLowerCase().includes(key)));
}
