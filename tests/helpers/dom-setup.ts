import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// The component projects run file after file in one worker (no isolation: the libraries are imported once).
// Our own modules start afresh for each file, as they would in a new page: caches, sessions and stores kept at
// module level must not carry one file's state into the next.
vi.resetModules();

afterEach(() => cleanup());
