import { describe, expect, it } from 'vitest';
import type { SchoolDetails } from '@klase/core/admin/schools';
import { emptySchool, schoolToState, stateToInput } from './school-form-values.ts';

describe('school form values: the time zone (issue 17)', () => {
  it('a new school starts in Asia/Manila; an edit sends back the stored zone, not the default', () => {
    expect(stateToInput(emptySchool('c1')).timeZone).toBe('Asia/Manila');
    const stored: SchoolDetails = {
      id: 's1',
      code: 'RNHS',
      name: 'Rizal National High School',
      depedSchoolId: '305000',
      sector: 'public',
      customerId: 'c1',
      customerName: 'Demo Customer',
      city: 'Calamba',
      province: 'Laguna',
      schoolYearFrom: 2025,
      schoolYearTo: 2026,
      enabled: true,
      status: 'ACTIVE',
      userCount: 3,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      address: null,
      barangay: null,
      region: 'CALABARZON',
      country: 'Philippines',
      zipCode: null,
      lmsUrl: null,
      websiteUrl: null,
      requireParentAccount: false,
      studentMessaging: true,
      timeZone: 'Asia/Tokyo',
      createdBy: null,
      updatedBy: null,
    };
    expect(stateToInput(schoolToState(stored)).timeZone).toBe('Asia/Tokyo');
  });
});
