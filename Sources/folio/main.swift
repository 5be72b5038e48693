import FolioCLI

await FolioCommand.main()
