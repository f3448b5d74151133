/** Most tags one contact may carry (after normalization). Going over: 409 code 131000. */
export const MAX_TAGS_PER_CONTACT = 50;
/** Most distinct tags across all of an organization's contacts. Going over: 409 code 131000. */
export const MAX_DISTINCT_TAGS_PER_ORGANIZATION = 1000;
/** Contacts one `POST /v1/contacts` may upsert. */
export const MAX_CONTACTS_PER_REQUEST = 1000;
/** Longest tag, after trimming. */
export const MAX_TAG_LENGTH = 64;
export const MAX_NAME_LENGTH = 256;
/** Keys of a contact's `attributes`, and the size of the object as JSON. */
export const MAX_ATTRIBUTE_KEYS = 100;
export const MAX_ATTRIBUTES_BYTES = 16 * 1024;
