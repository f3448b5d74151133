import { useEffect, useState } from 'preact/hooks';
import { api, type Page } from './api';

export interface PhoneNumber {
  phone_number_id: string;
  /** The gateway's id of its business account (`/v1/business_accounts`' `id`). */
  business_account_id: string;
  display_phone_number: string;
  quality_rating: string | null;
  throughput_level: string | null;
  throughput_override_mps: number | null;
  messaging_limit_tier: string | null;
}

/** The organization's numbers (GET /v1/phone_numbers), read again when the organization changes. */
export function useNumbers(organizationId: string | null): { numbers?: PhoneNumber[]; error?: string } {
  const [state, setState] = useState<{ numbers?: PhoneNumber[]; error?: string }>({});
  useEffect(() => {
    api.get<Page<PhoneNumber>>('/v1/phone_numbers?limit=100').then(
      (page) => setState({ numbers: page.data }),
      (e: Error) => setState({ error: e.message }),
    );
  }, [organizationId]);
  return state;
}
