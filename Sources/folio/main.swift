import FolioCLI

FolioCommand.main()
