// Record ids are UUIDs (the tables' defaultRandom()). An id from outside that is not one cannot
// name a record: it is "not found" (or a field error) before any query, so PostgreSQL never sees
// a malformed uuid and answers with an error of its own.
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
