import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsOptional, ValidateIf } from 'class-validator';
import {
  ExactlyOneOf,
  IsLooseObjectArray,
  IsOneOf,
  IsText,
  isNonEmptyString,
  NestedArray,
  NestedObject,
  Satisfies,
} from './message-validators';

/*
 * type=template. Only the frame is checked here: a name (or group_name), a language, and
 * components whose parameters each have a known type. Whether the parameters fit the template
 * (count, positional or named, button rules) is the template rules' job against the local
 * catalog, so every parameter field is kept (declared with @Allow) for them to read.
 */

/** Component types Meta accepts at send time (matched case-insensitively, as Meta does). */
export const TEMPLATE_COMPONENT_TYPES = [
  'header',
  'body',
  'footer',
  'button',
  'carousel',
  'limited_time_offer',
] as const;

/** Parameter types Meta accepts at send time (matched case-insensitively). */
export const TEMPLATE_PARAMETER_TYPES = [
  'text',
  'currency',
  'date_time',
  'image',
  'document',
  'video',
  'location',
  'payload',
  'action',
  'coupon_code',
  'limited_time_offer',
  'product',
  'order_status',
  'tap_target_configuration',
] as const;

export class TemplateLanguageDto {
  @ApiProperty({ description: 'Language or locale code of the approved template.', example: 'en_US' })
  @IsText(1)
  code: string;

  @ApiPropertyOptional({
    description: 'Language policy; Meta only documents "deterministic".',
    example: 'deterministic',
  })
  @IsOptional()
  @IsText(1)
  policy?: string;
}

/** One parameter: its `type` is checked; the value fields are kept as sent for the template rules. */
export class TemplateParameterDto {
  @ApiProperty({ enum: TEMPLATE_PARAMETER_TYPES, example: 'text' })
  @IsOneOf(TEMPLATE_PARAMETER_TYPES, { ignoreCase: true })
  type: string;

  @ApiPropertyOptional({
    description: 'Named templates only: the placeholder this value fills.',
    example: 'customer_name',
  })
  @IsOptional()
  @IsText(1)
  parameter_name?: string;

  @ApiPropertyOptional({
    type: String,
    description: 'For type=text (also the URL suffix or one-time code of a button).',
    example: 'Alex',
  })
  @Allow()
  text?: unknown;

  @ApiPropertyOptional({
    type: String,
    description: 'For type=payload (quick-reply buttons).',
    example: 'UNSUBSCRIBE_PROMOTIONS',
  })
  @Allow()
  payload?: unknown;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { fallback_value: '$100.99', code: 'USD', amount_1000: 100990 },
  })
  @Allow()
  currency?: unknown;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, example: { fallback_value: 'February 25, 1977' } })
  @Allow()
  date_time?: unknown;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { link: 'https://example.com/media/summer-sale.jpg' },
  })
  @Allow()
  image?: unknown;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { id: '1376223850470843', filename: 'invoice-1042.pdf' },
  })
  @Allow()
  document?: unknown;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { link: 'https://example.com/media/product-tour.mp4' },
  })
  @Allow()
  video?: unknown;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { latitude: 37.483307, longitude: -122.148981, name: 'Pablo Morales', address: '1 Hacker Way' },
  })
  @Allow()
  location?: unknown;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, example: { flow_token: 'flow-token-8f14e45f' } })
  @Allow()
  action?: unknown;

  @ApiPropertyOptional({ type: String, description: 'For type=coupon_code (copy-code buttons).', example: 'SUMMER25' })
  @Allow()
  coupon_code?: unknown;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, example: { expiration_time_ms: 1726559999000 } })
  @Allow()
  limited_time_offer?: unknown;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { product_retailer_id: 'tshirt-blue-m', catalog_id: '146265584024623' },
  })
  @Allow()
  product?: unknown;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @Allow()
  order_status?: unknown;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @Allow()
  tap_target_configuration?: unknown;
}

const isButton = (component: TemplateComponentDto) =>
  typeof component.type === 'string' && component.type.toLowerCase() === 'button';

export class TemplateComponentDto {
  @ApiProperty({ enum: TEMPLATE_COMPONENT_TYPES, example: 'body' })
  @IsOneOf(TEMPLATE_COMPONENT_TYPES, { ignoreCase: true })
  type: string;

  @ApiPropertyOptional({
    description: 'Buttons only (required there): quick_reply, url, copy_code, flow, catalog, ...',
    example: 'quick_reply',
  })
  @ValidateIf((component: TemplateComponentDto) => isButton(component) || component.sub_type !== undefined)
  @IsText(1, Infinity, {
    message: (args) => (args.value === undefined ? 'is required for button components' : 'must be a non-empty string'),
  })
  sub_type?: string;

  @ApiPropertyOptional({
    oneOf: [
      { type: 'string', pattern: '^[0-9]{1,2}$' },
      { type: 'integer', minimum: 0, maximum: 99 },
    ],
    description: 'Buttons only (required there): 0-based position in the template definition, as a string or number.',
    example: '0',
  })
  @ValidateIf((component: TemplateComponentDto) => isButton(component) || component.index !== undefined)
  @Satisfies(
    'isButtonIndex',
    (value) =>
      (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 100) ||
      (typeof value === 'string' && /^\d{1,2}$/.test(value)),
    (args) =>
      args.value === undefined
        ? 'is required for button components'
        : 'must be a button position such as "0" (0 to 99)',
  )
  index?: string | number;

  @ApiPropertyOptional({ type: () => [TemplateParameterDto] })
  @IsOptional()
  @NestedArray(() => TemplateParameterDto, 0, Infinity, 'parameter')
  parameters?: TemplateParameterDto[];

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'Carousel components: the cards and their components.',
  })
  @IsOptional()
  @IsLooseObjectArray(1)
  cards?: Record<string, unknown>[];
}

export class TemplateObjectDto {
  @ApiPropertyOptional({
    description: 'Name of an APPROVED template. Exactly one of name or group_name.',
    example: 'order_shipped',
  })
  @ExactlyOneOf('group_name', isNonEmptyString, 'must be a non-empty string')
  name?: string;

  @ApiPropertyOptional({ description: 'Smart template group, in place of name.', example: 'order_updates' })
  @IsOptional()
  @IsText(1)
  group_name?: string;

  @ApiProperty({ type: () => TemplateLanguageDto })
  @NestedObject(() => TemplateLanguageDto)
  language: TemplateLanguageDto;

  @ApiPropertyOptional({
    type: () => [TemplateComponentDto],
    description: 'Any order; by convention header, body, buttons.',
  })
  @IsOptional()
  @NestedArray(() => TemplateComponentDto, 0, Infinity, 'component')
  components?: TemplateComponentDto[];
}
