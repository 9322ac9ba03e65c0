import { describeDurableBackendContract } from './support/backend-contract.js';
import { openIoredis, openNodeRedis } from './support/servers.js';

describeDurableBackendContract('Redis (node-redis)', () => openNodeRedis());
describeDurableBackendContract('Redis (ioredis)', () => openIoredis());
