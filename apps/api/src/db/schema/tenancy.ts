import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stamps } from '../columns.ts';

export const customers = pgTable(
  'customers',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    ...stamps(),
  },
  (t) => [uniqueIndex('customers_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const schools = pgTable(
  'schools',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    depedSchoolId: text('deped_school_id').unique(),
    sector: text('sector', { enum: ['public', 'private', 'international'] })
      .notNull()
      .default('public'),
    schoolYearFrom: integer('school_year_from'),
    schoolYearTo: integer('school_year_to'),
    address: text('address'),
    city: text('city'),
    barangay: text('barangay'),
    province: text('province'),
    region: text('region'),
    country: text('country').notNull().default('Philippines'),
    zipCode: text('zip_code'),
    lmsUrl: text('lms_url'),
    websiteUrl: text('website_url'),
    enabled: boolean('enabled').notNull().default(true),
    requireParentAccount: boolean('require_parent_account').notNull().default(false),
    /** Students may message classmates (issue 16); off: only their teachers. */
    studentMessaging: boolean('student_messaging').notNull().default(true),
    /** IANA time zone of the school's calendar (issue 17): events are wall-clock times there. */
    timeZone: text('time_zone').notNull().default('Asia/Manila'),
    ...stamps(),
  },
  (t) => [index('schools_customer_idx').on(t.customerId)],
);
