import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiConsumes, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Audited } from '../audit/audited.decorator';
import { SuccessDto } from '../common/pagination';
import { Authenticated } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import { MarkupDto, PriceQuoteDto, PutMarkupDto, RateCardDto } from './dto/rate-cards.dto';
import { rateCardFromCsv, rateCardFromJson } from './rate-card-input';
import { RateCardsService } from './rate-cards.service';

const READ = { scopes: ['billing:read' as const], tenant: 'optional' as const };
const WRITE = { scopes: ['billing:write' as const], tenant: 'optional' as const };
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The operator's prices (platform keys): Meta's rate cards as imported, each in force from its day,
 * and each organization's markup; a quote says what a message would cost on a day.
 */
@ApiTags('rate cards')
@Controller('v1')
export class RateCardsController {
  constructor(private readonly rateCards: RateCardsService) {}

  @Post('rate_cards')
  @HttpCode(201)
  @Authenticated(WRITE)
  @Audited('rate_cards.create', {
    body: ['currency', 'effective_from', 'source', 'markets', 'prices'],
    query: ['currency', 'effective_from', 'source'],
  })
  @ApiConsumes('application/json', 'text/csv')
  @ApiOperation({
    summary: "Import Meta's price list: its markets (and their countries) and a price per market and category",
    description:
      'JSON `{ currency, effective_from, source?, markets: [{ market, countries }], prices: [{ market, category, ' +
      "price }] }`, or CSV laid out as Meta's rate card (`market,countries,marketing,utility,authentication," +
      'authentication_international,service`, countries as ISO codes separated by spaces) with `currency`, ' +
      '`effective_from` and `source` in the query (docs/rate-cards/). A card needs an `Other` market. It is in force ' +
      "from its day until the next card's; one starting on another's day is 409, one starting before the latest " +
      'card 400 (the past keeps its prices). Every problem names its row or line, and nothing is kept.',
  })
  @ApiQuery({ name: 'currency', required: false, description: 'CSV only' })
  @ApiQuery({ name: 'effective_from', required: false, description: 'CSV only' })
  @ApiQuery({ name: 'source', required: false, description: 'CSV only' })
  @ApiOkResponse({ type: RateCardDto })
  @ApiGraphErrors(400, 403, 409)
  create(@Req() req: Request, @Body() body: unknown, @Query() query: Record<string, unknown>): Promise<RateCardDto> {
    const input = req.is('text/csv')
      ? rateCardFromCsv(typeof body === 'string' ? body : '', {
          currency: query.currency,
          effectiveFrom: query.effective_from,
          source: query.source,
        })
      : rateCardFromJson(body);
    return this.rateCards.create(input);
  }

  @Get('rate_cards')
  @Authenticated(READ)
  @ApiOperation({ summary: 'The rate cards, newest first' })
  list() {
    return this.rateCards.list();
  }

  @Get('rate_cards/quote')
  @Authenticated(READ)
  @ApiOperation({
    summary: 'What a message would cost an organization on a day: market by calling code, card and markup in force',
  })
  @ApiQuery({ name: 'organization_id', required: true })
  @ApiQuery({ name: 'wa_id', required: true, example: '919876543210' })
  @ApiQuery({ name: 'category', required: true, example: 'marketing' })
  @ApiQuery({ name: 'date', required: false, example: '2026-11-27' })
  @ApiOkResponse({ type: PriceQuoteDto })
  @ApiGraphErrors(400, 404)
  quote(@Query() query: Record<string, unknown>): Promise<PriceQuoteDto> {
    return this.rateCards.quote({
      tenantId: text(query.organization_id),
      waId: text(query.wa_id),
      category: text(query.category),
      day: typeof query.date === 'string' ? query.date : undefined,
    });
  }

  @Get('rate_cards/:id')
  @Authenticated(READ)
  @ApiOperation({ summary: 'A rate card with its markets, their countries, and its prices' })
  @ApiGraphErrors(404)
  get(@Param('id') id: string) {
    return this.rateCards.get(id);
  }

  @Delete('rate_cards/:id')
  @Authenticated(WRITE)
  @Audited('rate_cards.delete', {})
  @ApiOperation({ summary: 'Remove a card not yet in force (one in force has priced days: 409)' })
  @ApiOkResponse({ type: SuccessDto })
  @ApiGraphErrors(404, 409)
  async remove(@Param('id') id: string): Promise<SuccessDto> {
    await this.rateCards.remove(id);
    return { success: true };
  }

  @Get('organizations/:organizationId/markups')
  @Authenticated(READ)
  @ApiOperation({ summary: "An organization's markups on Meta's prices, newest first" })
  markups(@Param('organizationId') organizationId: string) {
    return this.rateCards.markups(organizationId);
  }

  @Put('organizations/:organizationId/markup')
  @Authenticated(WRITE)
  @Audited('organizations.markup', { body: ['percent', 'effective_from'] })
  @ApiOperation({ summary: "An organization's markup from a day on (today or later: the past keeps its prices)" })
  @ApiOkResponse({ type: MarkupDto })
  @ApiGraphErrors(400, 404)
  setMarkup(@Param('organizationId') organizationId: string, @Body() body: PutMarkupDto): Promise<MarkupDto> {
    return this.rateCards.setMarkup(organizationId, body);
  }
}
