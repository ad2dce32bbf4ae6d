// Where the tests run the mock service and the page: ports from MOCK_PORT and PAGE_PORT (defaults
// 4010 and 5173), read by the config, which starts both and gives the mock's URL to the `mock` fixture.
export const MOCK_URL = `http://127.0.0.1:${process.env.MOCK_PORT ?? "4010"}`;
export const PAGE_URL = `http://127.0.0.1:${process.env.PAGE_PORT ?? "5173"}`;
