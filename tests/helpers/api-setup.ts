// Setup of every api test file. Production's argon2 cost is pinned by tests/unit/password-hash-cost.test.ts;
// here accounts are hashed cheaply, so the hundreds of sign-ups a suite makes cost milliseconds, not minutes.
import { useCheapPasswordHashesForTests } from "../../server/domain/users/passwords.ts";

useCheapPasswordHashesForTests();
