import asyncio


async def fetch(n):
    await asyncio.sleep(0)
    return n


async def main():
    async with asyncio.timeout(1) as t:
        pass
    async for item in aiter_of(range(3)):
        print(item)
    results = [await fetch(i) for i in range(3)]
    gen = (i async for i in agen())
    return await asyncio.gather(*(fetch(i) for i in range(3)))


async def agen():
    for i in range(3):
        yield i

asyncio.run(main())
