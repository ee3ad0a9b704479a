/**
 * Vitest setup, before every test file: this process hashes passwords and PINs at test cost
 * (app/lib/password-hashing.server.ts, docs/decisions/040). The suite signs up and signs in
 * readers by the hundred; the full cost is proven by a process started without this harness.
 */
import { installTestPasswordHashing } from "../../app/lib/password-hashing.server.ts";

installTestPasswordHashing();
