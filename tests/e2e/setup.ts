// Every e2e file: a browser context a test opened is closed when the test ends (harness.ts).
import { afterEach, beforeEach } from "vitest";
import { closeTestContexts, openTestContexts } from "./harness";

beforeEach(() => openTestContexts());
afterEach(() => closeTestContexts());
