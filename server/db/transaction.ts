// A transaction of the database, and "the database or a transaction": what a domain function
// takes when it may run alone or inside a caller's transaction.
import type { Database } from "./client";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DatabaseOrTransaction = Database | Transaction;
