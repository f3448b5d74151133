import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TenancyModule } from '../tenancy/tenancy.module';
import { Contact } from './contact.entity';
import { ContactsController } from './contacts.controller';
import { ContactsRepository } from './contacts.repository';
import { ContactsService } from './contacts.service';
import { CustomerData } from '../retention/customer-data';
import { OrganizationData } from '../retention/organization-data';

/** Contact sync: bulk upsert with tags and attributes, list and filter by tag, get, delete. */
@Module({
  imports: [TypeOrmModule.forFeature([Contact]), TenancyModule],
  controllers: [ContactsController],
  providers: [ContactsRepository, ContactsService],
  exports: [ContactsService],
})
export class ContactsModule {
  constructor(customers: CustomerData, repository: ContactsRepository, organization: OrganizationData) {
    organization.registerTables(repository.exportedTables(), ['contacts']);
    // A customer's data, for an export (data-rights/).
    customers.register('contact', (c) => repository.customerContact(c));
    customers.registerEraser('contact', async (e) => ({ removed: await repository.eraseCustomer(e), next: null }));
  }
}
