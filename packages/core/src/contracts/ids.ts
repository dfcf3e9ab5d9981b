// The identifier every record travels with. The API host answers integers; the client also
// keeps ids it read from storage or data attributes, where they are strings, so both forms
// are accepted and compared as strings.

/** Identifiers arrive from the API as numbers or strings; they are compared as strings. */
export type EntityId = string | number;
