import { configure } from '@testing-library/react';

// Pages load lazily; on a busy CI machine the first lazy chunk can take longer than testing-library's 1 s default.
configure({ asyncUtilTimeout: 5000 });
