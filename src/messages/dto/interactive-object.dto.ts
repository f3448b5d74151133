import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import type { TypeHelpOptions } from 'class-transformer';
import { IsOptional, ValidateIf } from 'class-validator';
import { MediaObjectDto } from './media-object.dto';
import {
  ArrayRule,
  ExactlyOneOf,
  IsHttpUrl,
  IsLooseObject,
  IsOneOf,
  IsText,
  isNonEmptyString,
  isPlainObject,
  NestedArray,
  NestedObject,
  Satisfies,
} from './message-validators';

/*
 * type=interactive. The `action` object's shape depends on `interactive.type`, so class-transformer
 * picks its class from the type (see actionClassFor) and each class carries the cheap rules Meta
 * enforces for that kind: counts, lengths, required fields. Kinds whose action Meta checks in
 * depth (orders, addresses, calls, carousels) only need an object with the right `name` here.
 */

export const INTERACTIVE_TYPES = [
  'button',
  'list',
  'cta_url',
  'product',
  'product_list',
  'catalog_message',
  'flow',
  'location_request_message',
  'address_message',
  'call_permission_request',
  'order_details',
  'order_status',
  'voice_call',
  'carousel',
] as const;
export type InteractiveType = (typeof INTERACTIVE_TYPES)[number];

/** Kinds for which Meta requires a body (only `product` may omit it among the common ones). */
const BODY_REQUIRED = new Set<string>([
  'button',
  'list',
  'cta_url',
  'product_list',
  'catalog_message',
  'location_request_message',
]);

const HEADER_TYPES = ['text', 'image', 'video', 'document'] as const;

export class InteractiveHeaderDto {
  @ApiProperty({ enum: HEADER_TYPES, example: 'text' })
  @IsOneOf(HEADER_TYPES)
  type: (typeof HEADER_TYPES)[number];

  @ApiPropertyOptional({
    description: 'Required when type is text; up to 60 characters.',
    maxLength: 60,
    example: "Luigi's Pizzeria",
  })
  @ValidateIf((header: InteractiveHeaderDto) => header.type === 'text' || header.text !== undefined)
  @IsText(1, 60)
  text?: string;

  @ApiPropertyOptional({ type: () => MediaObjectDto, description: 'Required when type is image.' })
  @ValidateIf((header: InteractiveHeaderDto) => header.type === 'image' || header.image !== undefined)
  @NestedObject(() => MediaObjectDto, 'is required when type is image')
  image?: MediaObjectDto;

  @ApiPropertyOptional({ type: () => MediaObjectDto, description: 'Required when type is video.' })
  @ValidateIf((header: InteractiveHeaderDto) => header.type === 'video' || header.video !== undefined)
  @NestedObject(() => MediaObjectDto, 'is required when type is video')
  video?: MediaObjectDto;

  @ApiPropertyOptional({ type: () => MediaObjectDto, description: 'Required when type is document.' })
  @ValidateIf((header: InteractiveHeaderDto) => header.type === 'document' || header.document !== undefined)
  @NestedObject(() => MediaObjectDto, 'is required when type is document')
  document?: MediaObjectDto;
}

export class InteractiveBodyDto {
  /** Meta lowers the ceiling to 1024 for some kinds (reply buttons, cta_url); upstream reports those. */
  @ApiProperty({
    description: 'Body text, 1 to 4096 characters (1024 for some kinds).',
    maxLength: 4096,
    example: 'What would you like to order today?',
  })
  @IsText(1, 4096)
  text: string;
}

export class InteractiveFooterDto {
  @ApiProperty({ description: 'Footer text, up to 60 characters.', maxLength: 60, example: 'Reply STOP to opt out' })
  @IsText(1, 60)
  text: string;
}

// ---- Reply buttons (type=button) ----

export class ReplyDto {
  @ApiProperty({
    description: 'Returned in the reply webhook; 1 to 256 characters.',
    maxLength: 256,
    example: 'confirm-yes',
  })
  @IsText(1, 256)
  id: string;

  @ApiProperty({ description: 'Button label, 1 to 20 characters.', maxLength: 20, example: 'Yes' })
  @IsText(1, 20)
  title: string;
}

export class ReplyButtonDto {
  @ApiProperty({ enum: ['reply'], example: 'reply' })
  @IsOneOf(['reply'])
  type: 'reply';

  @ApiProperty({ type: () => ReplyDto })
  @NestedObject(() => ReplyDto)
  reply: ReplyDto;
}

function distinct(items: unknown[], pick: (item: Record<string, unknown>) => unknown): boolean {
  const values = items
    .filter(isPlainObject)
    .map(pick)
    .filter((value) => value !== undefined);
  return new Set(values).size === values.length;
}

export class ReplyButtonsActionDto {
  @ApiProperty({ type: () => [ReplyButtonDto], minItems: 1, maxItems: 3 })
  @NestedArray(() => ReplyButtonDto, 1, 3, 'button')
  @ArrayRule(
    'distinctReplyButtons',
    (buttons) =>
      distinct(buttons, (button) => (isPlainObject(button.reply) ? button.reply.id : undefined)) &&
      distinct(buttons, (button) => (isPlainObject(button.reply) ? button.reply.title : undefined)),
    'reply ids and titles must be unique',
  )
  buttons: ReplyButtonDto[];
}

// ---- List (type=list) ----

export class ListRowDto {
  @ApiProperty({ description: '1 to 200 characters.', maxLength: 200, example: 'pizza-margherita' })
  @IsText(1, 200)
  id: string;

  @ApiProperty({ description: '1 to 24 characters.', maxLength: 24, example: 'Margherita' })
  @IsText(1, 24)
  title: string;

  @ApiPropertyOptional({ description: 'Up to 72 characters.', maxLength: 72, example: 'Tomato, mozzarella and basil' })
  @IsOptional()
  @IsText(0, 72)
  description?: string;
}

export class ListSectionDto {
  @ApiPropertyOptional({
    description: 'Up to 24 characters; Meta requires it when there are several sections.',
    maxLength: 24,
    example: 'Pizzas',
  })
  @IsOptional()
  @IsText(1, 24)
  title?: string;

  @ApiProperty({ type: () => [ListRowDto], minItems: 1, maxItems: 10 })
  @NestedArray(() => ListRowDto, 1, 10, 'row')
  rows: ListRowDto[];
}

function total(items: unknown[], key: string): number {
  return items.reduce<number>(
    (sum, item) => sum + (isPlainObject(item) && Array.isArray(item[key]) ? item[key].length : 0),
    0,
  );
}

export class ListActionDto {
  @ApiProperty({
    description: 'Label of the button that opens the list, 1 to 20 characters.',
    maxLength: 20,
    example: 'View options',
  })
  @IsText(1, 20)
  button: string;

  @ApiProperty({
    type: () => [ListSectionDto],
    minItems: 1,
    maxItems: 10,
    description: 'At most 10 rows across all sections.',
  })
  @NestedArray(() => ListSectionDto, 1, 10, 'section')
  @ArrayRule(
    'listRowTotal',
    (sections) => total(sections, 'rows') <= 10,
    'must hold at most 10 rows across all sections',
  )
  sections: ListSectionDto[];
}

// ---- Call-to-action URL (type=cta_url) ----

export class CtaUrlParametersDto {
  @ApiProperty({ description: 'Button label, 1 to 20 characters.', maxLength: 20, example: 'See dates' })
  @IsText(1, 20)
  display_text: string;

  @ApiProperty({
    description: 'http(s) URL opened when the button is tapped.',
    example: 'https://example.com/events?ref=wa',
  })
  @IsHttpUrl()
  url: string;
}

export class CtaUrlActionDto {
  @ApiProperty({ enum: ['cta_url'], example: 'cta_url' })
  @IsOneOf(['cta_url'])
  name: 'cta_url';

  @ApiProperty({ type: () => CtaUrlParametersDto })
  @NestedObject(() => CtaUrlParametersDto)
  parameters: CtaUrlParametersDto;
}

// ---- Flow (type=flow) ----

export class FlowParametersDto {
  @ApiProperty({ description: 'Flow message version; "3" today.', example: '3' })
  @Satisfies(
    'isFlowMessageVersion',
    (value) => (typeof value === 'string' && value.length > 0) || (typeof value === 'number' && Number.isFinite(value)),
    'must be a non-empty string (for example "3")',
  )
  flow_message_version: string;

  @ApiProperty({
    description: 'Text of the button that opens the Flow (advised 30 characters or fewer).',
    example: 'Book now',
  })
  @IsText(1)
  flow_cta: string;

  @ApiPropertyOptional({ description: 'Flow ID. Exactly one of flow_id or flow_name.', example: '1256843372179458' })
  @ExactlyOneOf('flow_name', isNonEmptyString, 'must be a non-empty string')
  flow_id?: string;

  @ApiPropertyOptional({
    description: 'Flow name. Exactly one of flow_id or flow_name.',
    example: 'appointment_booking',
  })
  @IsOptional()
  @IsText(1)
  flow_name?: string;

  @ApiPropertyOptional({
    description: 'Token identifying this Flow session, echoed in the completion webhook.',
    example: 'flow-token-8f14e45f',
  })
  @IsOptional()
  @IsText(0)
  flow_token?: string;

  @ApiPropertyOptional({ enum: ['draft', 'published'], example: 'published' })
  @IsOptional()
  @IsOneOf(['draft', 'published'])
  mode?: 'draft' | 'published';

  @ApiPropertyOptional({ enum: ['navigate', 'data_exchange'], example: 'navigate' })
  @IsOptional()
  @IsOneOf(['navigate', 'data_exchange'])
  flow_action?: 'navigate' | 'data_exchange';

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { screen: 'WELCOME_SCREEN', data: { customer_name: 'Alex' } },
  })
  @IsOptional()
  @IsLooseObject()
  flow_action_payload?: Record<string, unknown>;
}

export class FlowActionDto {
  @ApiProperty({ enum: ['flow'], example: 'flow' })
  @IsOneOf(['flow'])
  name: 'flow';

  @ApiProperty({ type: () => FlowParametersDto })
  @NestedObject(() => FlowParametersDto)
  parameters: FlowParametersDto;
}

// ---- Catalog products (type=product, product_list) ----

export class ProductActionDto {
  @ApiProperty({ example: '367025965434465' })
  @IsText(1)
  catalog_id: string;

  @ApiProperty({ example: 'tshirt-blue-m' })
  @IsText(1)
  product_retailer_id: string;
}

export class ProductItemDto {
  @ApiProperty({ example: 'tshirt-blue-m' })
  @IsText(1)
  product_retailer_id: string;
}

export class ProductSectionDto {
  @ApiPropertyOptional({
    description: 'Up to 24 characters; Meta requires it when there are several sections.',
    maxLength: 24,
    example: 'T-shirts',
  })
  @IsOptional()
  @IsText(1, 24)
  title?: string;

  @ApiProperty({ type: () => [ProductItemDto], minItems: 1, maxItems: 30 })
  @NestedArray(() => ProductItemDto, 1, 30, 'product')
  product_items: ProductItemDto[];
}

export class ProductListActionDto {
  @ApiProperty({ example: '146265584024623' })
  @IsText(1)
  catalog_id: string;

  @ApiProperty({
    type: () => [ProductSectionDto],
    minItems: 1,
    maxItems: 10,
    description: 'At most 30 products across all sections.',
  })
  @NestedArray(() => ProductSectionDto, 1, 10, 'section')
  @ArrayRule(
    'productItemTotal',
    (sections) => total(sections, 'product_items') <= 30,
    'must hold at most 30 products across all sections',
  )
  sections: ProductSectionDto[];
}

// ---- Kinds checked by action name only ----

/** An action identified by its `name`, with `parameters` left to Meta. */
function NamedAction(expectedName: string, parameters: 'required' | 'optional') {
  const ParametersProperty = parameters === 'required' ? ApiProperty : ApiPropertyOptional;
  class NamedActionDto {
    @ApiProperty({ enum: [expectedName], example: expectedName })
    @IsOneOf([expectedName])
    name: string;

    @ParametersProperty({ type: 'object', additionalProperties: true })
    @ValidateIf((action: NamedActionDto) => parameters === 'required' || action.parameters !== undefined)
    @IsLooseObject()
    parameters?: Record<string, unknown>;
  }
  return NamedActionDto;
}

export class CatalogMessageActionDto extends NamedAction('catalog_message', 'optional') {}
export class LocationRequestActionDto extends NamedAction('send_location', 'optional') {}
export class AddressMessageActionDto extends NamedAction('address_message', 'required') {}
export class CallPermissionRequestActionDto extends NamedAction('call_permission_request', 'optional') {}
export class OrderDetailsActionDto extends NamedAction('review_and_pay', 'required') {}
export class OrderStatusActionDto extends NamedAction('review_order', 'required') {}
export class VoiceCallActionDto extends NamedAction('voice_call', 'optional') {}

/** Any other action (carousel, and the action of an unknown kind, which `type` already rejects). */
export class InteractiveActionDto {
  @ApiPropertyOptional({ example: 'cta_url' })
  @IsOptional()
  @IsText(1)
  name?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsLooseObject()
  parameters?: Record<string, unknown>;
}

const ACTION_CLASSES: Record<InteractiveType, new () => object> = {
  button: ReplyButtonsActionDto,
  list: ListActionDto,
  cta_url: CtaUrlActionDto,
  flow: FlowActionDto,
  product: ProductActionDto,
  product_list: ProductListActionDto,
  catalog_message: CatalogMessageActionDto,
  location_request_message: LocationRequestActionDto,
  address_message: AddressMessageActionDto,
  call_permission_request: CallPermissionRequestActionDto,
  order_details: OrderDetailsActionDto,
  order_status: OrderStatusActionDto,
  voice_call: VoiceCallActionDto,
  carousel: InteractiveActionDto,
};

/** The action class for the interactive object being transformed (class-transformer passes its plain source). */
export function actionClassFor(options?: TypeHelpOptions): new () => object {
  const type = (options?.object as { type?: unknown } | undefined)?.type;
  return (
    (typeof type === 'string' && Object.hasOwn(ACTION_CLASSES, type) && ACTION_CLASSES[type as InteractiveType]) ||
    InteractiveActionDto
  );
}

const ACTION_MODELS = [...new Set(Object.values(ACTION_CLASSES))];

@ApiExtraModels(...ACTION_MODELS)
export class InteractiveObjectDto {
  @ApiProperty({ enum: INTERACTIVE_TYPES, example: 'button' })
  @IsOneOf(INTERACTIVE_TYPES)
  type: InteractiveType;

  @ApiPropertyOptional({ type: () => InteractiveHeaderDto, description: 'Required for product_list.' })
  @ValidateIf(
    (interactive: InteractiveObjectDto) => interactive.header !== undefined || interactive.type === 'product_list',
  )
  @NestedObject(() => InteractiveHeaderDto, 'is required when type is product_list')
  header?: InteractiveHeaderDto;

  @ApiPropertyOptional({
    type: () => InteractiveBodyDto,
    description: `Required for ${[...BODY_REQUIRED].join(', ')}.`,
  })
  @ValidateIf(
    (interactive: InteractiveObjectDto) => interactive.body !== undefined || BODY_REQUIRED.has(interactive.type),
  )
  @NestedObject(
    () => InteractiveBodyDto,
    (args) => `is required when type is ${(args.object as InteractiveObjectDto).type}`,
  )
  body?: InteractiveBodyDto;

  @ApiPropertyOptional({ type: () => InteractiveFooterDto })
  @IsOptional()
  @NestedObject(() => InteractiveFooterDto)
  footer?: InteractiveFooterDto;

  @ApiProperty({
    description:
      'Shape depends on type: buttons (button), button + sections (list), name + parameters (cta_url, flow, catalog_message, ...), catalog_id (product, product_list).',
    oneOf: ACTION_MODELS.map((model) => ({ $ref: getSchemaPath(model) })),
  })
  @NestedObject(actionClassFor)
  action: object;
}
